// The path of a captured child (`cart.items[0].qty`): the rules every adapter shares are here, what
// one adapter gets wrong is data in its definition (`child_names`, see definition.ts).
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { ChildNames, EvaluateNameRule, NormaliseRule } from './definition.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

interface CompiledNames {
  reject: Array<{ name: RegExp | null; evaluateName: RegExp | null; source: string }>;
  rewrite: Array<{ regex: RegExp; replacement: string }>;
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
        return { regex: new RegExp(rule.pattern, flags.includes('g') ? flags : `${flags}g`), replacement: rule.replacement };
      }),
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
export function childPath(parent: string, child: Pick<DebugProtocol.Variable, 'name' | 'evaluateName'>, naming: Partial<ChildNames> = {}): string {
  const evaluateName = child.evaluateName?.trim();
  const rules = compile(naming);
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
