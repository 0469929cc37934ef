// The no-checks floor of the PURL benchmarks (bench-purl.mjs, bench-purl-floor.mjs): a parse that
// splits the string at its separators with indexOf and a build that joins the parts again, with no
// decoding, no validation and no canonical form. The least any PURL parser and builder does.

/** The no-checks parse: the components split out at the separators, nothing decoded or checked. */
export function floorParse(s) {
  let end = s.length;
  let subpath = null;
  let qualifiers = null;
  let version = null;
  let namespace = null;
  const hash = s.indexOf('#');
  if (hash !== -1) {
    subpath = s.slice(hash + 1);
    end = hash;
  }
  const question = s.indexOf('?');
  if (question !== -1 && question < end) {
    qualifiers = {};
    for (let from = question + 1; from < end; ) {
      let next = s.indexOf('&', from);
      if (next === -1 || next > end) next = end;
      const equals = s.indexOf('=', from);
      qualifiers[s.slice(from, equals)] = s.slice(equals + 1, next);
      from = next + 1;
    }
    end = question;
  }
  const typeEnd = s.indexOf('/', 4);
  const type = s.slice(4, typeEnd);
  const at = s.indexOf('@', typeEnd + 2);
  if (at !== -1 && at < end) {
    version = s.slice(at + 1, end);
    end = at;
  }
  let lastSlash = typeEnd;
  for (let i = s.indexOf('/', typeEnd + 1); i !== -1 && i < end; i = s.indexOf('/', i + 1)) lastSlash = i;
  if (lastSlash > typeEnd) namespace = s.slice(typeEnd + 1, lastSlash);
  return { type, namespace, name: s.slice(lastSlash + 1, end), version, qualifiers, subpath };
}

/** The no-checks build: the parts joined, qualifiers in the order given. */
export function floorBuild(c) {
  let out = `pkg:${c.type}/`;
  if (c.namespace !== null) out += `${c.namespace}/`;
  out += c.name;
  if (c.version !== null) out += `@${c.version}`;
  if (c.qualifiers !== null) {
    let separator = '?';
    for (const key in c.qualifiers) {
      out += `${separator}${key}=${c.qualifiers[key]}`;
      separator = '&';
    }
  }
  if (c.subpath !== null) out += `#${c.subpath}`;
  return out;
}
