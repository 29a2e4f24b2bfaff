import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.listSkills().subscribe((skills) => console.log(skills.map((skill) => skill.frontmatter.name)));
// #endregion
