// The shape of memlens's help in a language other than English (English is the command table's
// own text): `{{name}}` marks a default the command line fills in.
export interface CliHelpText {
  title: string;
  usage: string;
  commandsHeading: string;
  helpSummary: string;
  /** The common options, the embedding endpoint's included. */
  common: string;
  /** Search's ranking flags, shared by search and eval (`{{searchFlags}}` in their usage). */
  searchFlags: string;
  /** By command name: the one-line summary and the whole usage. */
  commands: Record<string, { summary: string; usage: string }>;
}
