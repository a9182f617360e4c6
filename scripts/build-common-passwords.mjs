// Regenerates the common-password list shipped with the server from @zxcvbn-ts/language-common
// (MIT), which aggregates public password-leak frequency lists.
import { writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';

const target = new URL('../apps/server/src/modules/auth/common-passwords.txt', import.meta.url);
const passwords = [...new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()))];
writeFileSync(target, `${passwords.join('\n')}\n`);
console.log(`wrote ${passwords.length} passwords to ${target.pathname}`);
