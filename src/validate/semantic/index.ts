/**
 * Loads every kind's semantic checks into the registry. Type-definition checks register here too
 * when they exist (see `registry.ts`).
 */
import './discovery-checks.js';
import './token-checks.js';

export { registerChecks, checksFor, runChecks, type SemanticCheck } from './registry.js';
