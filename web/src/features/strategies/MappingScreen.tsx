/** Placeholder until its screen is built: 'Existing Strategy Mappings' and the mapping form. */
export function MappingScreen() {
  return null;
}
