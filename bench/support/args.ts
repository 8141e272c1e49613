/** A bench's command-line option: the word after `--name`, or undefined when it is not given. */
export function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : undefined;
}
