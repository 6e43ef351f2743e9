/**
 * Redocly plugin `conventions`: the rules of CONVENTIONS.md ("Schemas") that Redocly's own rules do not
 * check, as lint errors naming the property or value.
 *
 * - `conventions/property-description`: every property of a schema has a description, its own or (for a
 *   `$ref`) the one of the schema it refers to, which Redoc shows in its place. Parameters are checked by
 *   Redocly's `parameter-description`.
 * - `conventions/enum-descriptions`: every value of an enum has its entry in `x-enumDescriptions` (Redoc
 *   and the enum tables of the guides show them), and `x-enumDescriptions` describes no value the enum
 *   does not have.
 *
 * test/lint.test.ts lints a fixture with each fault and without it.
 */

const hasText = (value) => typeof value === 'string' && value.trim().length > 0;

function PropertyDescription() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!schema || typeof schema !== 'object' || !schema.properties || typeof schema.properties !== 'object')
          return;
        for (const [name, property] of Object.entries(schema.properties)) {
          if (!property || typeof property !== 'object') continue;
          if (hasText(property.description)) continue;
          if (property.$ref) {
            const target = ctx.resolve(property).node;
            if (target && hasText(target.description)) continue;
          }
          ctx.report({
            message: `The property \`${name}\` has no description: say what it holds (CONVENTIONS.md, "Schemas").`,
            location: ctx.location.child(['properties', name]).key(),
          });
        }
      },
    },
  };
}

function EnumDescriptions() {
  return {
    Schema: {
      enter(schema, ctx) {
        if (!schema || typeof schema !== 'object' || !Array.isArray(schema.enum)) return;
        const described = schema['x-enumDescriptions'];
        const entries = described && typeof described === 'object' ? described : {};
        schema.enum.forEach((value, index) => {
          if (typeof value !== 'string' || hasText(entries[value])) return;
          ctx.report({
            message: `The enum value \`${value}\` has no entry in \`x-enumDescriptions\`: say what it means.`,
            location: ctx.location.child(['enum', index]),
          });
        });
        for (const key of Object.keys(entries)) {
          if (schema.enum.includes(key)) continue;
          ctx.report({
            message: `\`x-enumDescriptions\` describes \`${key}\`, which is not a value of the enum.`,
            location: ctx.location.child(['x-enumDescriptions', key]).key(),
          });
        }
      },
    },
  };
}

export default function conventionsPlugin() {
  return {
    id: 'conventions',
    rules: {
      oas3: {
        'property-description': PropertyDescription,
        'enum-descriptions': EnumDescriptions,
      },
    },
  };
}
