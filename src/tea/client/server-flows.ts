/**
 * What the client loads for a flow across a server's API, in one chunk rather than one per
 * function (each split point makes a bundler cut the client's entry into more files, each
 * compressed apart): the resolution of a TEI or a PURL (`resolveTei`, `resolvePurl`), the
 * conformance walk (`checkTeaServer`) and the authentication probes (`authCheck`). The hash
 * implementations the walk verifies artefacts with load apart, with the first checksum.
 */
export { resolvePurlFlow, resolveTeiFlow } from './resolve-tei-flow.js';
export { walkTeaServer } from './server-walk.js';
export { runAuthCheck } from './auth-check/run-auth-check.js';
