/** One error as ajv's standalone validators report it. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
  /** The schema object holding the failed keyword (the validators are built with ajv's `verbose`). */
  parentSchema?: Record<string, unknown>;
  /** The value that failed. */
  data?: unknown;
}

/** The shape of an ajv standalone validator: a predicate that leaves its errors on itself. */
export interface ValidateFunction {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}
