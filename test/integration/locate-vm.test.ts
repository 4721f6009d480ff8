// bpdiff locate on bpdiff's Java adapter, rdbg (Ruby) and bpdiff's Node adapter (JavaScript, TypeScript
// through tsx); the languages and their tests: locate-languages.ts.
import { describeLanguage, java, node, ruby, typescript } from './locate-languages.js';

for (const language of [java, ruby, node, typescript]) describeLanguage(language);
