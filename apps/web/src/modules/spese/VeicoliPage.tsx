/** Placeholder until the screen lands (issue #16). */
export function VeicoliPage() {
  return null;
}
