/**
 * What the client loads on its first answer to read, in one chunk rather than one per function
 * (each split point makes a bundler cut the client's entry into more files): the discovery
 * document's reading, an API answer's, a listing's walk, the token request and the failover run.
 * The protocol's text validator and the JSON reader come with them; the TEA objects' validator
 * only with the first object validated.
 */
export { readDiscovery } from './read-discovery.js';
export { readAnswer } from './read-answer.js';
export { listPages } from './list-pages.js';
export { requestTokenFlow } from './request-token-flow.js';
export { withFailoverFlow } from './failover-flow.js';
