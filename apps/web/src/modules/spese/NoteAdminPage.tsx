/** Placeholder until the screen lands (issue #16). */
export function NoteAdminPage() {
  return null;
}
