/** Placeholder until the screen lands (issue #16). */
export function NotaSpesePage() {
  return null;
}
