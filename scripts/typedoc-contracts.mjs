// A TypeDoc plugin for the docs check: every documented call signature that returns an Observable, and every
// property that is one, must carry the contract block (Temperature, Emits, Completes, Errors, Teardown).
import { Application, ReflectionKind } from 'typedoc';

const TERMS = ['Temperature', 'Emits', 'Completes', 'Errors', 'Teardown'];

const isObservable = (type) => type?.type === 'reference' && type.name === 'Observable' && (type.package === 'rxjs' || type.package === undefined);

function text(comment) {
  if (comment === undefined) return '';
  const parts = [...comment.summary, ...comment.blockTags.flatMap((tag) => tag.content)];
  return parts.map((part) => part.text).join('');
}

function missing(comment) {
  const body = text(comment);
  return TERMS.filter((term) => !body.includes(term));
}

function where(reflection) {
  const source = reflection.sources?.[0] ?? reflection.parent?.sources?.[0];
  return source === undefined ? '' : ` (${source.fileName}:${source.line})`;
}

/** @param {Application} app */
export function load(app) {
  app.on(Application.EVENT_VALIDATE_PROJECT, (project) => {
    const seen = new Set();
    const report = (reflection, comment) => {
      const gaps = missing(comment);
      const key = `${reflection.getFullName()}${where(reflection)}`;
      if (gaps.length === 0 || seen.has(where(reflection) || key)) return;
      seen.add(where(reflection) || key);
      app.logger.warn(`${reflection.getFullName()}${where(reflection)} returns an Observable; its contract block lacks ${gaps.join(', ')}`);
    };
    for (const signature of project.getReflectionsByKind(ReflectionKind.CallSignature)) {
      // Signatures of function types (callbacks, returned functions) are described by what they belong to.
      if (!isObservable(signature.type) || signature.parent?.inheritedFrom || signature.parent?.kindOf(ReflectionKind.TypeLiteral)) continue;
      report(signature, signature.comment ?? signature.parent?.comment);
    }
    for (const property of project.getReflectionsByKind(ReflectionKind.Property | ReflectionKind.Accessor)) {
      if (property.inheritedFrom) continue;
      const type = property.kindOf(ReflectionKind.Accessor) ? property.getSignature?.type : property.type;
      if (!isObservable(type)) continue;
      report(property, property.comment ?? property.getSignature?.comment);
    }
  });
}
