export { runChecks, type SemanticCheck, type CheckTable } from './check-table.js';
export { checkContext, type CheckContext, type CheckContextInit } from './check-context.js';
