/** The last path segment of a URL or file path, either separator. */
export function lastSegment(value: string): string {
  const withoutQuery = value.replace(/[?#].*$/s, '');
  return withoutQuery.slice(Math.max(withoutQuery.lastIndexOf('/'), withoutQuery.lastIndexOf('\\')) + 1);
}

/** Whether the file has a name to agree with the type: standard input, in-memory values and other labels have none. */
export function hasJsonFileName(file: string | undefined): file is string {
  return file !== undefined && lastSegment(file).toLowerCase().endsWith('.json');
}
