// A TypeDoc plugin: the verbs `Client` and `AsyncClient` take from the verb table (src/client/verb-table.ts, mapped
// types) are shown as methods, like the hand-written ones. TypeDoc would show each as a property whose type is a
// function of one rest tuple (`(...args: [uri: string, options?: CallOptions]) => ...`); this gives the function's
// signature the tuple's named elements as parameters, makes the property a method with that signature and the
// table line's comment, and drops the inheritance from the undocumented mapped type. The contract check
// (typedoc-contracts.mjs) then reads each such verb's signature like any other.
import { Converter, ParameterReflection, ReflectionFlag, ReflectionKind } from 'typedoc';

const TABLE_FILE = /(^|\/)src\/client\/verb-table\.ts$/;

/** The single signature of a table verb's function type, and the tuple its one rest parameter takes. */
function tableVerb(property) {
  if (!property.sources?.some((source) => TABLE_FILE.test(source.fileName))) return undefined;
  const literal = property.type?.type === 'reflection' ? property.type.declaration : undefined;
  const signature = literal?.signatures?.length === 1 ? literal.signatures[0] : undefined;
  const rest = signature?.parameters?.length === 1 ? signature.parameters[0] : undefined;
  if (!rest?.flags.isRest || rest.type?.type !== 'tuple') return undefined;
  if (!rest.type.elements.every((element) => element.type === 'namedTupleMember')) return undefined;
  return { literal, signature, rest };
}

function asMethod(project, property, { literal, signature, rest }) {
  // Removing the function type's reflection removes what it holds: the signature is registered again below.
  literal.signatures = [];
  project.removeReflection(literal);
  project.removeReflection(rest);
  property.type = undefined;
  property.kind = ReflectionKind.Method;
  property.inheritedFrom = undefined;
  property.setFlag(ReflectionFlag.Inherited, false);
  Object.assign(signature, { name: property.name, parent: property, sources: property.sources, comment: property.comment, inheritedFrom: undefined });
  property.comment = undefined;
  property.signatures = [signature];
  project.registerReflection(signature, undefined, undefined);
  signature.parameters = rest.type.elements.map((element) => {
    const parameter = new ParameterReflection(element.name, ReflectionKind.Parameter, signature);
    parameter.type = element.element;
    if (element.isOptional) parameter.setFlag(ReflectionFlag.Optional, true);
    project.registerReflection(parameter, undefined, undefined);
    return parameter;
  });
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const property of project.getReflectionsByKind(ReflectionKind.Property)) {
      const verb = tableVerb(property);
      if (verb) asMethod(project, property, verb);
    }
  });
}
