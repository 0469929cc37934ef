/** The longest pointer a text line shows; JSON output keeps pointers whole, as data. */
const MAX_SHOWN_POINTER = 200;

/** A finding's pointer as a line of text shows it: `/` for the root, a huge key cut short. */
export function shownPointer(pointer: string): string {
  if (pointer === '') return '/';
  return pointer.length > MAX_SHOWN_POINTER ? `${pointer.slice(0, MAX_SHOWN_POINTER)}…` : pointer;
}
