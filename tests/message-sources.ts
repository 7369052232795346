// Test support only (src/shared/i18n/catalog.test.ts): no product code imports it. It reads the server's sources with TypeScript's
// parser to list the messages its replies carry, so a new untranslated text fails the catalog test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

/** What an argument of the message stands for when it cannot be read from the source (a company, a count…). */
export const SAMPLE_ARGUMENT = '5';

/** A place the server sends a message from: the file, and the texts it may send (null: made at run time). */
export interface MessageSite {
  file: string;
  texts: string[] | null;
}

const sources = new Map<string, ts.SourceFile>();
function source(file: string): ts.SourceFile {
  let parsed = sources.get(file);
  if (!parsed) {
    parsed = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    sources.set(file, parsed);
  }
  return parsed;
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // next
    }
  }
  return null;
}

const declarations = new Map<string, { file: string; node: ts.Node } | null>();

/** The declaration a name stands for in a file: a const's value, a function, or what an import brings. */
function declarationOf(file: string, name: string, depth = 0): { file: string; node: ts.Node } | null {
  const key = `${file}\0${name}`;
  if (!declarations.has(key)) declarations.set(key, findDeclaration(file, name, depth));
  return declarations.get(key)!;
}

function findDeclaration(file: string, name: string, depth: number): { file: string; node: ts.Node } | null {
  if (depth > 5) return null;
  const sf = source(file);
  let found: { file: string; node: ts.Node } | null = null;
  const visit = (node: ts.Node) => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) found = { file, node: node.initializer };
    else if (ts.isFunctionDeclaration(node) && node.name?.text === name) found = { file, node };
    else if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (element.name.text !== name) continue;
          const target = resolveImport(file, node.moduleSpecifier.text);
          if (target) found = declarationOf(target, (element.propertyName ?? element.name).text, depth + 1);
        }
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      for (const element of node.exportClause.elements) {
        if (element.name.text !== name) continue;
        const target = resolveImport(file, node.moduleSpecifier.text);
        if (target) found = declarationOf(target, (element.propertyName ?? element.name).text, depth + 1);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const unwrap = (node: ts.Node): ts.Node =>
  ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isNonNullExpression(node) ? unwrap(node.expression) : node;

/** An object literal's property values (a method or an arrow function counts as its value). */
function propertiesOf(node: ts.ObjectLiteralExpression): Map<string, ts.Node> {
  const properties = new Map<string, ts.Node>();
  for (const property of node.properties) {
    const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;
    if (name === null) continue;
    if (ts.isPropertyAssignment(property)) properties.set(name, property.initializer);
    else if (ts.isMethodDeclaration(property)) properties.set(name, property);
  }
  return properties;
}

/** The value a node stands for, resolved through names, property accesses and imports (null when not found). */
function valueOf(file: string, node: ts.Node): { file: string; node: ts.Node } | null {
  const bare = unwrap(node);
  if (ts.isIdentifier(bare)) {
    const declared = declarationOf(file, bare.text);
    return declared ? valueOf(declared.file, declared.node) : null;
  }
  if (ts.isPropertyAccessExpression(bare)) {
    const owner = valueOf(file, bare.expression);
    if (!owner || !ts.isObjectLiteralExpression(owner.node)) return null;
    const property = propertiesOf(owner.node).get(bare.name.text);
    return property ? valueOf(owner.file, property) : null;
  }
  return { file, node: bare };
}

/** Every text a function may return, its parameters standing for SAMPLE_ARGUMENT. */
function returnsOf(file: string, fn: ts.FunctionLikeDeclaration): string[] | null {
  if (!fn.body) return null;
  if (!ts.isBlock(fn.body)) return textsOf(file, fn.body);
  const texts: string[] = [];
  let dynamic = false;
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression) {
      const found = textsOf(file, node.expression);
      if (found) texts.push(...found);
      else dynamic = true;
    }
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return dynamic || texts.length === 0 ? null : texts;
}

/**
 * The texts an expression may make: a string, a template (its unknown parts as SAMPLE_ARGUMENT), either branch of a
 * condition, a constant, a property of a constant object (every property when the key is computed), what a function
 * returns. Null when it is made at run time from something else (another error's message).
 */
export function textsOf(file: string, node: ts.Node): string[] | null {
  const bare = unwrap(node);
  if (ts.isStringLiteral(bare) || ts.isNoSubstitutionTemplateLiteral(bare)) return [bare.text];
  if (ts.isTemplateExpression(bare)) {
    let texts = [bare.head.text];
    for (const span of bare.templateSpans) {
      const parts = textsOf(file, span.expression) ?? [SAMPLE_ARGUMENT];
      texts = texts.flatMap((text) => parts.map((part) => `${text}${part}${span.literal.text}`));
    }
    return texts;
  }
  if (ts.isConditionalExpression(bare)) {
    const [yes, no] = [textsOf(file, bare.whenTrue), textsOf(file, bare.whenFalse)];
    return yes && no ? [...yes, ...no] : null;
  }
  if (ts.isBinaryExpression(bare) && bare.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    const [left, right] = [textsOf(file, bare.left), textsOf(file, bare.right)];
    return left && right ? [...left, ...right] : null;
  }
  if (ts.isBinaryExpression(bare) && bare.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const [left, right] = [textsOf(file, bare.left), textsOf(file, bare.right)];
    return left && right ? left.flatMap((a) => right.map((b) => a + b)) : null;
  }
  if (ts.isNumericLiteral(bare)) return [bare.text];
  if (ts.isElementAccessExpression(bare)) {
    const owner = valueOf(file, bare.expression);
    if (!owner || !ts.isObjectLiteralExpression(owner.node)) return null;
    // Its texts (a function beside them is another message, made by a call).
    const values = [...propertiesOf(owner.node).values()].filter((value) => !ts.isFunctionLike(valueOf(owner.file, value)?.node ?? value));
    const all = values.map((value) => textsOf(owner.file, value));
    return all.every((texts) => texts !== null) ? all.flat() as string[] : null;
  }
  if (ts.isCallExpression(bare)) {
    const callee = unwrap(bare.expression);
    // An element access call (MESSAGES_BY_KIND[kind](…)): every function of the object.
    if (ts.isElementAccessExpression(callee)) {
      const owner = valueOf(file, callee.expression);
      if (!owner || !ts.isObjectLiteralExpression(owner.node)) return null;
      const all = [...propertiesOf(owner.node).values()].map((value) => {
        const fn = valueOf(owner.file, value);
        return fn && ts.isFunctionLike(fn.node) ? returnsOf(fn.file, fn.node as ts.FunctionLikeDeclaration) : null;
      });
      return all.every((texts) => texts !== null) ? all.flat() as string[] : null;
    }
    const fn = valueOf(file, callee);
    return fn && ts.isFunctionLike(fn.node) ? returnsOf(fn.file, fn.node as ts.FunctionLikeDeclaration) : null;
  }
  if (ts.isIdentifier(bare) || ts.isPropertyAccessExpression(bare)) {
    const value = valueOf(file, bare);
    if (!value || value.node === bare) return null;
    // A name that stands for a function (a message made by a call elsewhere) is not a text.
    if (ts.isFunctionLike(value.node) || ts.isObjectLiteralExpression(value.node)) return null;
    return textsOf(value.file, value.node);
  }
  return null;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every `new CallError(code, message, …)` under `folder`: the file and the texts its message may be. */
export function callErrorSites(folder: string): MessageSite[] {
  const sites: MessageSite[] = [];
  for (const file of filesUnder(folder)) {
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'CallError' && node.arguments?.[1]) {
        sites.push({ file, texts: textsOf(file, node.arguments[1]) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source(file));
  }
  return sites;
}

/** Every field issue the server builds itself (`{ path, message }`) under `folder`: the file and the texts its message may be. */
export function issueSites(folder: string): MessageSite[] {
  const sites: MessageSite[] = [];
  for (const file of filesUnder(folder)) {
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const properties = propertiesOf(node);
        const hasPath = node.properties.some((property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'path');
        const message = properties.get('message');
        if (hasPath && message) sites.push({ file, texts: textsOf(file, message) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source(file));
  }
  return sites;
}

/** Zod's checks that take the message to show as an argument (`.min(8, 'text')`, `.refine(test, 'text')`). */
const CHECKS = new Set(['refine', 'superRefine', 'min', 'max', 'length', 'regex', 'email', 'url', 'nonempty', 'startsWith', 'endsWith', 'int', 'positive', 'nonnegative']);

/**
 * Every message a shared schema under `folder` gives for input it refuses: a text passed to one of zod's checks, or a
 * `message:` / `error:` property beside them. Texts with no space are left out (a property's value, an id).
 */
export function schemaMessages(folder: string): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const add = (file: string, node: ts.Node) => {
    for (const text of textsOf(file, node) ?? []) if (/[A-Za-z]{2,} [A-Za-z]/.test(text)) found.push({ file, text });
  };
  for (const file of filesUnder(folder)) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && CHECKS.has(node.expression.name.text)) {
        for (const argument of node.arguments) {
          const bare = unwrap(argument);
          if (ts.isStringLiteral(bare) || ts.isNoSubstitutionTemplateLiteral(bare) || ts.isTemplateExpression(bare)) add(file, bare);
          else if (ts.isObjectLiteralExpression(bare)) {
            const properties = propertiesOf(bare);
            for (const key of ['message', 'error']) {
              const value = properties.get(key);
              if (value && !ts.isFunctionLike(value) && !ts.isArrowFunction(unwrap(value))) add(file, value);
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source(file));
  }
  return found;
}

/**
 * The texts given to the functions `names` under `folder` (a call or a `new`): each argument's, an object's property
 * values', one level of objects down. Arguments made at run time (another error's message) are left out: the
 * CallError test reads those where they are made.
 */
export function callTexts(folder: string, names: readonly string[]): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const add = (file: string, node: ts.Node, depth: number) => {
    const bare = unwrap(node);
    if (ts.isObjectLiteralExpression(bare)) {
      if (depth < 2) for (const value of propertiesOf(bare).values()) add(file, value, depth + 1);
      return;
    }
    for (const text of textsOf(file, bare) ?? []) if (/[A-Za-z]{2,}/.test(text)) found.push({ file, text });
  };
  for (const file of filesUnder(folder)) {
    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && names.includes(node.expression.text)) {
        for (const argument of node.arguments ?? []) add(file, argument, 0);
      }
      ts.forEachChild(node, visit);
    };
    visit(source(file));
  }
  return found;
}

/** Every text of a `…_MESSAGES` object under `folder` (a module's sentences for its users), functions' returns included. */
export function messageTables(folder: string): { file: string; name: string; texts: string[] | null }[] {
  const found: { file: string; name: string; texts: string[] | null }[] = [];
  for (const file of filesUnder(folder)) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /MESSAGES$/.test(node.name.text) && node.initializer) {
        const table = unwrap(node.initializer);
        if (ts.isObjectLiteralExpression(table)) {
          for (const [key, value] of propertiesOf(table)) {
            const bare = unwrap(value);
            const texts = ts.isFunctionLike(bare) ? returnsOf(file, bare as ts.FunctionLikeDeclaration) : textsOf(file, bare);
            found.push({ file, name: `${node.name.text}.${key}`, texts });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source(file));
  }
  return found;
}
