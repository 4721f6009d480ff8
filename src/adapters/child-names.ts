// The path of a captured child (`cart.items[0].qty`): the rules every adapter shares are here, what
// one adapter gets wrong is data in its definition (`child_names`, see definition.ts).
import type { DebugProtocol } from '@vscode/debugprotocol';
import path from 'node:path';
import type { ChildNames, ChildNameTemplate, EvaluateNameRule, NormaliseRule } from './definition.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

interface CompiledTemplate {
  extensions: string[] | null;
  name: RegExp | null;
  parent: RegExp | null;
  parentType: RegExp | null;
  scope: boolean;
  path: string;
}

interface CompiledNames {
  reject: Array<{ name: RegExp | null; evaluateName: RegExp | null; source: string }>;
  rewrite: Array<{ regex: RegExp; replacement: string }>;
  templates: CompiledTemplate[];
}

/** What a template may look at besides the child's name: its parent's type, the breakpoint file (its language). */
export interface ChildContext {
  parentType?: string | undefined;
  breakpointPath?: string | undefined;
}

// childPath runs once per captured variable (thousands per run): each definition's rules are compiled once.
const compiledNames = new WeakMap<Partial<ChildNames>, CompiledNames>();

function compile(naming: Partial<ChildNames>): CompiledNames {
  let compiled = compiledNames.get(naming);
  if (!compiled) {
    compiled = {
      reject: (naming.reject_evaluate_name ?? []).map((rule: EvaluateNameRule) => ({
        name: rule.name === undefined ? null : new RegExp(rule.name),
        // A rule holding ${name} or ${parent} is compiled for each child.
        evaluateName: /\$\{(name|parent)\}/.test(rule.evaluate_name) ? null : new RegExp(rule.evaluate_name),
        source: rule.evaluate_name,
      })),
      rewrite: (naming.rewrite_evaluate_name ?? []).map((rule: NormaliseRule) => {
        const flags = rule.flags ?? 'g';
        return {
          regex: new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`),
          replacement: rule.replacement,
        };
      }),
      templates: (naming.templates ?? []).map((template: ChildNameTemplate) => ({
        extensions: template.file_extensions ? template.file_extensions.map((ext) => ext.toLowerCase()) : null,
        name: template.name === undefined ? null : new RegExp(template.name),
        parent: template.parent === undefined ? null : new RegExp(template.parent),
        parentType: template.parent_type === undefined ? null : new RegExp(template.parent_type),
        scope: template.scope === true,
        path: template.path,
      })),
    };
    compiledNames.set(naming, compiled);
  }
  return compiled;
}

/**
 * The name of a child as the language writes it: the adapter's evaluateName when it names this child
 * of `parent` and `naming` (the definition's `child_names`) does not reject it, rewritten by
 * `naming`; else built from the parent's path and the child's name.
 */
export function childPath(
  parent: string,
  child: Pick<DebugProtocol.Variable, 'name' | 'evaluateName'>,
  naming: Partial<ChildNames> = {},
  context: ChildContext = {},
): string {
  const rules = compile(naming);
  const templated = applyTemplate(rules, false, parent, child.name, context);
  if (templated !== null) return templated;
  const evaluateName = child.evaluateName?.trim();
  if (evaluateName && namesChildOf(parent, evaluateName) && !rejected(rules, parent, child.name, evaluateName)) {
    return rules.rewrite.reduce((name, rule) => name.replace(rule.regex, rule.replacement), evaluateName);
  }
  const name = child.name;
  // A child with no name is what its parent points to: dlv names a package-level pointer's pointee so
  // (with the evaluateName *main.versionRegex, which names the package, not the path), as a local's (*v).
  if (name === '') return `(*${parent})`;
  if (/^\[.*\]$/.test(name)) return `${parent}${name}`;
  if (/^\d+$/.test(name)) return `${parent}[${name}]`;
  if (IDENTIFIER.test(name)) return parent.startsWith('*') ? `(${parent}).${name}` : `${parent}.${name}`;
  if (/^['"].*['"]$/.test(name)) return `${parent}[${name}]`;
  if (name.startsWith('*')) return IDENTIFIER.test(parent) ? `*${parent}` : `*(${parent})`;
  return `${parent}[${JSON.stringify(name)}]`;
}

/** The name of a scope's own variable: the adapter's, unless a `scope` template renames it (rdbg's `%self` is `self`). */
export function scopeVariableName(name: string, naming: Partial<ChildNames> = {}, context: ChildContext = {}): string {
  return applyTemplate(compile(naming), true, '', name, context) ?? name;
}

/** The path the first matching template writes, or null. */
function applyTemplate(
  rules: CompiledNames,
  scope: boolean,
  parent: string,
  name: string,
  context: ChildContext,
): string | null {
  if (rules.templates.length === 0) return null;
  const ext = context.breakpointPath === undefined ? null : path.extname(context.breakpointPath).toLowerCase();
  const template = rules.templates.find(
    (t) =>
      t.scope === scope &&
      (t.extensions === null || (ext !== null && t.extensions.includes(ext))) &&
      (t.name === null || t.name.test(name)) &&
      (t.parent === null || t.parent.test(parent)) &&
      (t.parentType === null || (context.parentType !== undefined && t.parentType.test(context.parentType))),
  );
  if (!template) return null;
  const groups = template.name?.exec(name) ?? [];
  // One pass over the template, so a name holding `${parent}` stays as it is.
  return template.path.replace(/\$\{(parent|name|[1-9])\}/g, (_whole, which: string) =>
    which === 'parent' ? parent : which === 'name' ? name : (groups[Number(which)] ?? ''),
  );
}

/** An evaluateName that does not mention the parent's path would collide between parents. */
function namesChildOf(parent: string, evaluateName: string): boolean {
  return new RegExp(`(^|[^\\w$.])${escapeRegex(parent)}(?![\\w$])`).test(evaluateName);
}

function rejected(rules: CompiledNames, parent: string, name: string, evaluateName: string): boolean {
  return rules.reject.some((rule) => {
    if (rule.name && !rule.name.test(name)) return false;
    const regex =
      rule.evaluateName ??
      new RegExp(rule.source.replaceAll('${name}', escapeRegex(name)).replaceAll('${parent}', escapeRegex(parent)));
    return regex.test(evaluateName);
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
