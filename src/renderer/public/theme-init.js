// Runs before the first paint (a blocking script in <head>: the CSP allows no inline script). Applies the remembered
// Light/Dark choice, or the operating system's, so a page never flashes the other theme. The React app takes over
// from here (features/theme/theme.ts); the key is platform/theme-setting.ts's THEME_KEY. The desktop apps keep the
// choice in their settings and apply it to the window, so there prefers-color-scheme already is the choice.
(function () {
  var choice;
  try {
    choice = window.localStorage.getItem('theme');
  } catch {
    // Storage refused (private modes): follow the system.
  }
  var systemDark = Boolean(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var dark = choice === 'dark' || (choice !== 'light' && systemDark);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
