/**
 * The qualifiers that say where a package is, whatever its type's templates say: `repository_url`
 * (another registry), `download_url` (the artifact itself) and `vcs_url` (its source repository).
 */

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * The registry a `repository_url` qualifier names, as `{+registry}` expands it: an http(s) URL
 * without query, fragment, credentials or trailing `/`. A value without a scheme
 * (`repo.spring.io/release`, as the PURL specification's own examples write it) is read as
 * https. Anything else is `undefined`: the qualifier is then ignored.
 */
export function registryFromQualifier(value: string | undefined): string | undefined {
  if (value === undefined || value === '' || /[?#\s]/.test(value)) return undefined;
  const text = SCHEME.test(value) ? value : `https://${value}`;
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hostname === '') return undefined;
  return url.href.replace(/\/+$/, '');
}

/** The `download_url` qualifier as a normalised URL, when it is an absolute http(s) URL without credentials. */
export function downloadFromQualifier(value: string | undefined): string | null {
  if (value === undefined || !URL.canParse(value)) return null;
  const url = new URL(value);
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return null;
  return url.href;
}

/**
 * The repository page a `vcs_url` qualifier names (SPDX's VCS location form,
 * `git+https://github.com/o/r.git@v1.0#sub/dir`): the `git+` is dropped, then the `#…` part, the
 * `@revision` after the path, a trailing `.git` and `/`. Only http(s) locations without
 * credentials give a page; `git@host:o/r`, `ssh://` and `svn://` give `null`.
 */
export function repositoryFromVcsUrl(value: string | undefined): string | null {
  if (value === undefined || value.length > 4096) return null;
  let text = value.startsWith('git+') ? value.slice(4) : value;
  const hash = text.indexOf('#');
  if (hash !== -1) text = text.slice(0, hash);
  if (!/^https?:\/\//i.test(text)) return null;
  const pathStart = text.indexOf('/', text.indexOf('//') + 2);
  if (pathStart !== -1) {
    // An "@" in the path starts the revision; one before it is userinfo, refused below.
    const at = text.indexOf('@', pathStart);
    if (at !== -1) text = text.slice(0, at);
  }
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.username !== '' || url.password !== '' || url.search !== '') return null;
  url.pathname = url.pathname.replace(/\.git\/?$/, '').replace(/\/+$/, '');
  if (url.pathname === '/' || url.pathname === '') return null;
  return url.href;
}
