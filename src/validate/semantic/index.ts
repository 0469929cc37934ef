export { registerChecks, checksFor, runChecks, type SemanticCheck, type CheckContext } from './registry.js';
