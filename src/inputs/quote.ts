/** JSON-quotes a value for a message, cut short so a pasted blob cannot flood the log. */
export function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}
