import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
import { readSkillFile } from 'rxmcp/agent';

client.listSkills().subscribe(([skill]) => {
  if (skill === undefined) return;
  readSkillFile(client, skill, 'references/GUIDE.md').subscribe({
    next: (file) => console.log(new TextDecoder().decode(file.bytes)),
    error: (error: Error) => console.error(error.message), // a SkillVerificationError names the file and the check
  });
});
// #endregion
