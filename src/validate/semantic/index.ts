/** Loads every kind's semantic checks into the registry. */
import './discovery-checks.js';
import './token-checks.js';
import './purl-type-field-checks.js';
import './purl-type-pattern-checks.js';
import './purl-type-example-checks.js';

export { registerChecks, checksFor, runChecks, type SemanticCheck, type CheckContext } from './registry.js';
