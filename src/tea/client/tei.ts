/**
 * TEIs, for the client: the parser lives with the validator, which reads a TEI identifier of a
 * TEA object with it; the client's entry hands it out from here.
 */
export { parseTei, TeiError, type Tei, type TeiPart } from '../protocol/tei.js';
