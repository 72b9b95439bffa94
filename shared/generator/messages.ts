/** The generator's user-facing texts (docs/behaviour/errors.md), verbatim, shared by the CLI and the /generator page. */
export const GENERATOR_MESSAGES = {
  generatingIdeas: 'Generating product ideas...',
  generatedConcepts: (n: number) => `Generated ${n} product concepts`,
  generatingDesign: (i: number, n: number, name: string) => `Generating design ${i}/${n}: ${name}`,
  allDesignsGenerated: 'All designs generated!',
  errorOccurred: 'Error occurred',
  createdIdeas: (n: number) => `Created ${n} product ideas!`,
  allDesignsCreated: (provider: string) => `All product designs created! Review and publish to ${provider}.`,
  published: (name: string, provider: string) => `${name} published to ${provider}!`,
  failedToGenerate: (message: string) => `Failed to generate products: ${message}`,
  failedToPublish: (message: string) => `Failed to publish: ${message}`,
  noDesignImage: 'No design image available',
} as const;
