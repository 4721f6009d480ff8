// Build time only (scripts/bundle-cli.mjs): every help request of help-texts.ts at each width,
// rendered by parseArgs with yargs, for the bundle to print without loading yargs.
import { HELP_WIDTHS, helpKey, helpRequests, type HelpTexts } from './help-texts.js';
import { parseArgs } from './parse-args.js';

export async function renderHelpTexts(): Promise<HelpTexts> {
  const rendered: HelpTexts = { texts: [], keys: {} };
  for (const width of HELP_WIDTHS) {
    for (const request of helpRequests()) {
      const command = await parseArgs(request, undefined, process.cwd(), width);
      if (command.kind !== 'help' && command.kind !== 'version')
        throw new Error(`bpdiff ${request.join(' ')} is not a help request`);
      let index = rendered.texts.indexOf(command.text);
      if (index < 0) index = rendered.texts.push(command.text) - 1;
      rendered.keys[helpKey(width, request)] = index;
    }
  }
  return rendered;
}
