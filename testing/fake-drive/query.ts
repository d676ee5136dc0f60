import type { FakeFile } from './model.ts';

/**
 * Drive v3's search language (`q` of files.list), the part this project and its tests use:
 * `'<id>' in parents`, `name`/`mimeType` with `=`, `!=` and `contains`, `trashed`/`starred` with
 * `=`/`!=`, `modifiedTime`/`createdTime` comparisons, `appProperties`/`properties has { key='k' and
 * value='v' }`, `and`, `or`, `not` and parentheses. Anything else is a QueryError (Drive: 400).
 */
export type Query =
  | { readonly t: 'and' | 'or'; readonly a: Query; readonly b: Query }
  | { readonly t: 'not'; readonly a: Query }
  | { readonly t: 'in'; readonly value: string }
  | { readonly t: 'cmp'; readonly field: string; readonly op: string; readonly value: string | boolean }
  | { readonly t: 'contains'; readonly field: string; readonly value: string }
  | { readonly t: 'has'; readonly field: string; readonly key: string; readonly value: string };

export class QueryError extends Error {}

type Token =
  | { readonly k: 'str'; readonly v: string }
  | { readonly k: 'word'; readonly v: string }
  | { readonly k: 'sym'; readonly v: string };

const STRING_FIELDS = new Set(['name', 'mimeType']);
const BOOL_FIELDS = new Set(['trashed', 'starred']);
const TIME_FIELDS = new Set(['modifiedTime', 'createdTime']);
const MAP_FIELDS = new Set(['appProperties', 'properties']);

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'") {
      let v = '';
      i++;
      while (i < q.length && q[i] !== "'") {
        if (q[i] === '\\') i++;
        if (i >= q.length) break;
        v += q[i];
        i++;
      }
      if (q[i] !== "'") throw new QueryError('unterminated string');
      i++;
      tokens.push({ k: 'str', v });
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(q.slice(i))![0];
      tokens.push({ k: 'word', v: m });
      i += m.length;
    } else {
      const m = /^(!=|<=|>=|=|<|>|\(|\)|\{|\})/.exec(q.slice(i));
      if (!m) throw new QueryError(`unexpected '${c}'`);
      tokens.push({ k: 'sym', v: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Query {
    const q = this.or();
    if (this.i < this.tokens.length) throw new QueryError('trailing input');
    return q;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }
  private isWord(v: string): boolean {
    const t = this.peek();
    return t?.k === 'word' && t.v.toLowerCase() === v;
  }
  private next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw new QueryError('unexpected end of query');
    return t;
  }
  private expectSym(v: string): void {
    const t = this.next();
    if (t.k !== 'sym' || t.v !== v) throw new QueryError(`expected '${v}'`);
  }
  private expectWord(v: string): void {
    const t = this.next();
    if (t.k !== 'word' || t.v.toLowerCase() !== v) throw new QueryError(`expected '${v}'`);
  }
  private string(): string {
    const t = this.next();
    if (t.k !== 'str') throw new QueryError('expected a quoted string');
    return t.v;
  }

  private or(): Query {
    let a = this.and();
    while (this.isWord('or')) {
      this.i++;
      a = { t: 'or', a, b: this.and() };
    }
    return a;
  }
  private and(): Query {
    let a = this.unary();
    while (this.isWord('and')) {
      this.i++;
      a = { t: 'and', a, b: this.unary() };
    }
    return a;
  }
  private unary(): Query {
    if (this.isWord('not')) {
      this.i++;
      return { t: 'not', a: this.unary() };
    }
    const t = this.peek();
    if (t?.k === 'sym' && t.v === '(') {
      this.i++;
      const q = this.or();
      this.expectSym(')');
      return q;
    }
    return this.term();
  }
  private term(): Query {
    const first = this.next();
    if (first.k === 'str') {
      this.expectWord('in');
      const field = this.next();
      if (field.k !== 'word' || field.v !== 'parents') throw new QueryError("only 'in parents' is supported");
      return { t: 'in', value: first.v };
    }
    if (first.k !== 'word') throw new QueryError('expected a field');
    const field = first.v;
    const op = this.next();
    if (op.k === 'word' && op.v.toLowerCase() === 'contains' && STRING_FIELDS.has(field)) {
      return { t: 'contains', field, value: this.string() };
    }
    if (op.k === 'word' && op.v.toLowerCase() === 'has' && MAP_FIELDS.has(field)) {
      this.expectSym('{');
      this.expectWord('key');
      this.expectSym('=');
      const key = this.string();
      this.expectWord('and');
      this.expectWord('value');
      this.expectSym('=');
      const value = this.string();
      this.expectSym('}');
      return { t: 'has', field, key, value };
    }
    if (op.k !== 'sym') throw new QueryError(`unsupported operator '${op.v}'`);
    if (STRING_FIELDS.has(field) && (op.v === '=' || op.v === '!=')) {
      return { t: 'cmp', field, op: op.v, value: this.string() };
    }
    if (BOOL_FIELDS.has(field) && (op.v === '=' || op.v === '!=')) {
      const v = this.next();
      if (v.k !== 'word' || !['true', 'false'].includes(v.v.toLowerCase()))
        throw new QueryError('expected true or false');
      return { t: 'cmp', field, op: op.v, value: v.v.toLowerCase() === 'true' };
    }
    if (TIME_FIELDS.has(field) && ['=', '!=', '<', '<=', '>', '>='].includes(op.v)) {
      const value = this.string();
      if (Number.isNaN(Date.parse(value))) throw new QueryError('expected an RFC 3339 date');
      return { t: 'cmp', field, op: op.v, value };
    }
    throw new QueryError(`unsupported term '${field} ${op.v}'`);
  }
}

export function parseQuery(q: string): Query {
  return new Parser(tokenize(q)).parse();
}

function compare(a: number | string | boolean, op: string, b: number | string | boolean): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    default:
      return a >= b;
  }
}

export function matches(q: Query, f: FakeFile): boolean {
  switch (q.t) {
    case 'and':
      return matches(q.a, f) && matches(q.b, f);
    case 'or':
      return matches(q.a, f) || matches(q.b, f);
    case 'not':
      return !matches(q.a, f);
    case 'in':
      return f.parents.includes(q.value);
    case 'contains': {
      const have = q.field === 'name' ? f.name : f.mimeType;
      return have.toLowerCase().includes(q.value.toLowerCase());
    }
    case 'has': {
      const map = q.field === 'appProperties' ? f.appProperties : f.properties;
      return map[q.key] === q.value;
    }
    case 'cmp': {
      if (q.field === 'name') return compare(f.name, q.op, q.value);
      if (q.field === 'mimeType') return compare(f.mimeType, q.op, q.value);
      if (q.field === 'trashed') return compare(f.trashed, q.op, q.value);
      if (q.field === 'starred') return compare(false, q.op, q.value);
      const have = Date.parse(q.field === 'modifiedTime' ? f.modifiedTime : f.createdTime);
      return compare(have, q.op, Date.parse(String(q.value)));
    }
  }
}
