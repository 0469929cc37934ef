/**
 * One error as ajv's standalone validators report it.
 *
 * @example
 * ```ts
 * import { TEA_DISCOVERY_KIND, type AjvError } from 'teapurl';
 * TEA_DISCOVERY_KIND.validate({});
 * const first: AjvError | undefined = TEA_DISCOVERY_KIND.validate.errors?.[0];
 * first?.keyword; // 'required'
 * ```
 */
export interface AjvError {
  /** The JSON Pointer of the value that failed. */
  instancePath: string;
  /** Where the failed keyword stands in the schema. */
  schemaPath: string;
  /** The failed keyword. */
  keyword: string;
  /** The keyword's particulars (`missingProperty`, `limit`, …). */
  params: Record<string, unknown>;
  /** ajv's own words. */
  message?: string;
  /** The schema object holding the failed keyword (the validators are built with ajv's `verbose`). */
  parentSchema?: Record<string, unknown>;
  /** The value that failed. */
  data?: unknown;
}

/**
 * The shape of an ajv standalone validator: a predicate that leaves its errors on itself.
 *
 * @example
 * ```ts
 * import { TEA_DISCOVERY_KIND, type ValidateFunction } from 'teapurl';
 * const validate: ValidateFunction = TEA_DISCOVERY_KIND.validate;
 * validate({ schemaVersion: 1, endpoints: [] }); // false
 * validate.errors?.length; // 1
 * ```
 */
export interface ValidateFunction {
  (data: unknown): boolean;
  /** The errors of the last call, or `null` when it passed. */
  errors?: AjvError[] | null;
}
