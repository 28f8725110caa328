import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/**
 * Finds every place in the source that sends the browser somewhere (tests/unit/redirect-sites.test.ts), so that a
 * redirect built from a query or form value cannot be added without going through the one sanitiser
 * (lib/redirects/safe-return.ts). Parses with the TypeScript compiler, not a regex: a target split over lines, a
 * `Location` in a headers object or a `new URL(value, base)` around the value are all seen.
 *
 * Sinks: `redirect(…)` and `permanentRedirect(…)` (Next's or next-intl's, `href` of an object argument),
 * `NextResponse.redirect(…)` / `Response.redirect(…)`, `headers.set|append('Location', …)`, a `Location` property
 * of a headers object (`new Headers({…})`, `headers: {…}`), a `redirectTo` property (what an action hands the
 * browser to navigate to), and `location.assign|replace(…)` / `location.href = …` in browser code.
 */

export type Verdict = 'constant' | 'sanitised' | 'unchecked';

export type RedirectSite = {
  file: string;
  line: number;
  sink: string;
  /** The source text of the target expression, whitespace collapsed (what the allow-list names). */
  target: string;
  verdict: Verdict;
};

/** The sanitisers: each returns a site path or a fallback constant, never what it was given unchecked. */
export const SANITISERS = new Set(['safeRedirectPath', 'safeReturnPath', 'safeReturnTarget']);
/** Wrappers that only put a locale prefix in front of their last argument: the verdict is that argument's. */
const LOCALISERS = new Set(['localizeHref', 'localizedPath']);

/** A template head that fixes the first path segment: `/` then a letter, digit, `-` or `_`. */
const CONSTANT_HEAD = /^\/[A-Za-z0-9_-]/;

const WORST: Verdict[] = ['constant', 'sanitised', 'unchecked'];
const worst = (...verdicts: Verdict[]): Verdict =>
  verdicts.reduce((a, b) => (WORST.indexOf(a) >= WORST.indexOf(b) ? a : b), 'constant');

const text = (node: ts.Node, file: ts.SourceFile) => node.getText(file).replace(/\s+/g, ' ');

function nameOf(node: ts.Node): string | null {
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return node.text;
  return null;
}

function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** `const NAME = …` declarations of the file, for following an identifier one step back to its value. */
function constants(file: ts.SourceFile): Map<string, ts.Expression> {
  const found = new Map<string, ts.Expression>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    ) {
      // A name declared twice in one file is ambiguous: it is not followed.
      found.set(
        node.name.text,
        found.has(node.name.text) ? ts.factory.createIdentifier('?') : node.initializer,
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function judge(expr: ts.Expression, consts: Map<string, ts.Expression>, depth = 0): Verdict {
  if (depth > 8) return 'unchecked';
  const next = (e: ts.Expression) => judge(e, consts, depth + 1);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return 'constant';
  if (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isSatisfiesExpression(expr)
  )
    return next(expr.expression);
  if (ts.isIdentifier(expr)) {
    const value = consts.get(expr.text);
    return value ? next(value) : 'unchecked';
  }
  if (ts.isConditionalExpression(expr)) return worst(next(expr.whenTrue), next(expr.whenFalse));
  if (
    ts.isBinaryExpression(expr) &&
    (expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return worst(next(expr.left), next(expr.right));
  if (ts.isTemplateExpression(expr)) {
    // A constant first path segment (`/courses/${id}`): the browser resolves a path that starts with `/x` against
    // this site's origin, whatever follows. An interpolation first (`${path}…`, `/${x}`) could start with `//`.
    return CONSTANT_HEAD.test(expr.head.text) ? 'constant' : 'unchecked';
  }
  if (ts.isNewExpression(expr) && ts.isIdentifier(expr.expression) && expr.expression.text === 'URL') {
    const [first] = expr.arguments ?? [];
    return first ? next(first) : 'unchecked';
  }
  if (ts.isPropertyAccessExpression(expr) && expr.name.text === 'href' && ts.isNewExpression(expr.expression))
    return next(expr.expression);
  if (ts.isCallExpression(expr)) {
    const name = calleeName(expr);
    if (name && SANITISERS.has(name)) return 'sanitised';
    const last = expr.arguments[expr.arguments.length - 1];
    if (name && LOCALISERS.has(name) && last) return next(last);
  }
  return 'unchecked';
}

/** The target of a redirect call's argument: an object argument's `href` (next-intl), else the argument. */
function hrefOf(arg: ts.Expression): ts.Expression {
  if (ts.isObjectLiteralExpression(arg)) {
    for (const p of arg.properties) {
      if (ts.isPropertyAssignment(p) && nameOf(p.name) === 'href') return p.initializer;
    }
  }
  return arg;
}

function isHeadersObject(object: ts.ObjectLiteralExpression): boolean {
  const parent = object.parent;
  if (ts.isNewExpression(parent) && ts.isIdentifier(parent.expression))
    return parent.expression.text === 'Headers';
  return ts.isPropertyAssignment(parent) && nameOf(parent.name) === 'headers';
}

function isLocation(node: ts.Expression): boolean {
  return (
    (ts.isIdentifier(node) && (node.text === 'location' || node.text === 'window')) ||
    (ts.isPropertyAccessExpression(node) && node.name.text === 'location')
  );
}

/** Every redirect sink in one file's source. `file` is only a label (a path relative to the project). */
export function redirectSitesIn(file: string, source: string): RedirectSite[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const consts = constants(sf);
  const sites: RedirectSite[] = [];
  const add = (node: ts.Node, sink: string, target: ts.Expression) =>
    sites.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      sink,
      target: text(target, sf),
      verdict: judge(target, consts),
    });

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first, second] = node.arguments;
      if (
        ts.isIdentifier(callee) &&
        (callee.text === 'redirect' || callee.text === 'permanentRedirect') &&
        first
      )
        add(node, callee.text, hrefOf(first));
      if (
        ts.isPropertyAccessExpression(callee) &&
        callee.name.text === 'redirect' &&
        ts.isIdentifier(callee.expression) &&
        ['NextResponse', 'Response'].includes(callee.expression.text) &&
        first
      )
        add(node, `${callee.expression.text}.redirect`, first);
      if (
        ts.isPropertyAccessExpression(callee) &&
        (callee.name.text === 'set' || callee.name.text === 'append') &&
        first &&
        second &&
        nameOf(first)?.toLowerCase() === 'location'
      )
        add(node, `headers.${callee.name.text}('Location')`, second);
      if (
        ts.isPropertyAccessExpression(callee) &&
        (callee.name.text === 'assign' || callee.name.text === 'replace') &&
        isLocation(callee.expression) &&
        first
      )
        add(node, `location.${callee.name.text}`, first);
    }
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
      const name = nameOf(node.name);
      if (name?.toLowerCase() === 'location' && isHeadersObject(node.parent))
        add(node, 'Location header', node.initializer);
      if (name === 'redirectTo') add(node, 'redirectTo', node.initializer);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'href' &&
      isLocation(node.left.expression)
    )
      add(node, 'location.href =', node.right);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}

/** Every `.ts`/`.tsx` file under `dirs` (and the single files named), relative to `root`. */
export function sourceFiles(root: string, entries: string[]): string[] {
  const files: string[] = [];
  for (const entry of entries) {
    if (/\.tsx?$/.test(entry)) {
      files.push(entry);
      continue;
    }
    for (const found of readdirSync(path.join(root, entry), { recursive: true, withFileTypes: true })) {
      if (!found.isFile() || !/\.tsx?$/.test(found.name) || found.name.endsWith('.d.ts')) continue;
      files.push(path.relative(root, path.join(found.parentPath, found.name)).split(path.sep).join('/'));
    }
  }
  return files.sort();
}

/** The redirect sinks of the whole tree. */
export function scanRedirectSites(root: string, entries: string[]): RedirectSite[] {
  return sourceFiles(root, entries).flatMap((file) =>
    redirectSitesIn(file, readFileSync(path.join(root, file), 'utf8')),
  );
}
