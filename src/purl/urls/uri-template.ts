import { parseTemplate } from 'url-template';
import { TeapurlError } from '../../shared/errors.js';

/** An RFC 6570 operator, `''` for simple string expansion. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

/** One variable of an expression: `{/group*}` has `group` with `explode`. */
export interface TemplateVariable {
  readonly name: string;
  readonly explode: boolean;
  /** The prefix modifier (`{name:3}`), or `null`. */
  readonly maxLength: number | null;
}

/** A piece of a template: literal text, or one `{…}` expression. */
export type TemplatePart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'expression'; readonly operator: TemplateOperator; readonly variables: readonly TemplateVariable[]; readonly text: string };

/** Values a template expands with: a string, a list of strings, or undefined (absent). */
export type TemplateValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A template that is not RFC 6570 syntax; `offset` is where, in UTF-16 code units; `code` is always `'template-syntax'`. */
export class TemplateSyntaxError extends TeapurlError<'template-syntax'> {
  override name = 'TemplateSyntaxError';
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message, { code: 'template-syntax' });
  }
}

/** A parsed URI template: its parts, its variables, and expansion by url-template (RFC 6570 level 4). */
export interface UriTemplate {
  readonly text: string;
  readonly parts: readonly TemplatePart[];
  /** Every variable name, in order of first appearance. */
  readonly variables: readonly string[];
  expand(values: TemplateValues): string;
}

const OPERATORS = new Set<string>(['+', '#', '.', '/', ';', '?', '&']);
// RFC 6570 §2.2 reserves these operator characters for future extensions.
const RESERVED_OPERATORS = new Set<string>(['=', ',', '!', '@', '|']);
// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded (§2.3).
const VARSPEC = /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::([1-9][0-9]{0,3})|(\*))?$/;

/**
 * Parses an RFC 6570 template. The syntax is checked here (url-template expands whatever it is
 * given without complaint, so a typo would otherwise silently expand to nothing); expansion is
 * url-template's.
 */
export function parseUriTemplate(text: string): UriTemplate {
  const parts: TemplatePart[] = [];
  const names: string[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    const close = text.indexOf('}', at);
    if (close !== -1 && (open === -1 || close < open)) throw new TemplateSyntaxError(`a "}" at offset ${close} closes no expression`, close);
    if (open === -1) {
      parts.push({ kind: 'literal', text: text.slice(at) });
      break;
    }
    if (open > at) parts.push({ kind: 'literal', text: text.slice(at, open) });
    const end = text.indexOf('}', open);
    const nested = text.indexOf('{', open + 1);
    if (end === -1 || (nested !== -1 && nested < end)) throw new TemplateSyntaxError(`the expression at offset ${open} is not closed by "}"`, open);
    const body = text.slice(open + 1, end);
    parts.push(parseExpression(body, open, names));
    at = end + 1;
  }
  const compiled = parseTemplate(text);
  return {
    text,
    parts,
    variables: names,
    expand: (values) => compiled.expand(values as Record<string, string | string[]>),
  };
}

function parseExpression(body: string, offset: number, names: string[]): TemplatePart {
  if (body === '') throw new TemplateSyntaxError(`the expression at offset ${offset} is empty`, offset);
  const first = body[0]!;
  if (RESERVED_OPERATORS.has(first))
    throw new TemplateSyntaxError(`the operator "${first}" at offset ${offset} is reserved by RFC 6570 and has no meaning`, offset);
  const operator = (OPERATORS.has(first) ? first : '') as TemplateOperator;
  const list = operator === '' ? body : body.slice(1);
  const variables = list.split(',').map((spec) => {
    const m = VARSPEC.exec(spec);
    if (!m)
      throw new TemplateSyntaxError(
        `"${spec}" in the expression at offset ${offset} is not a variable name (letters, digits, "_" and inner dots), optionally with ":<length>" or "*"`,
        offset,
      );
    if (!names.includes(m[1]!)) names.push(m[1]!);
    return { name: m[1]!, explode: m[3] === '*', maxLength: m[2] === undefined ? null : Number(m[2]) };
  });
  return { kind: 'expression', operator, variables, text: `{${body}}` };
}
