/**
 * Postman collections of the bundled specifications (`/openapi/<slug>.postman.json`), converted at
 * bundle time (lib/bundle.ts) by openapi-to-postmanv2, and the Postman environment of the sandbox
 * (`/openapi/sandbox.postman_environment.json`). The collection reads the base URL from `{{baseUrl}}`
 * and the key from `{{apiKey}}`; the environment sets both for the sandbox, and its values win over the
 * collection's own.
 */
import Converter from 'openapi-to-postmanv2';
import {isOpen, operations, type OpenApiDocument} from './openapi';

/** The sandbox's default address (sandbox/src/node.ts) and a key it accepts (any `sandbox_` key). */
export const sandboxEnvironmentValues = {baseUrl: 'http://127.0.0.1:4010', apiKey: 'sandbox_postman'};

interface Item {
  item?: Item[];
  request?: {method: string; url: {path?: string[]}; auth?: unknown};
}

interface Collection {
  info: {name: string; _postman_id?: string};
  variable?: {key: string; value?: string; type?: string; description?: string}[];
  item: Item[];
  [key: string]: unknown;
}

/** One API's Postman collection (v2.1), folders by tag, requests with the spec's examples. */
export function postmanCollection(slug: string, doc: OpenApiDocument): Promise<Collection> {
  return new Promise((resolve, reject) => {
    Converter.convert(
      {type: 'json', data: structuredClone(doc) as unknown as string},
      {folderStrategy: 'Tags', requestParametersResolution: 'Example', exampleParametersResolution: 'Example'},
      (error, result) => {
        if (error) return reject(error);
        if (!result?.result || !result.output) {
          return reject(new Error(`${slug}: openapi-to-postmanv2: ${result?.reason}`));
        }
        const collection = result.output[0].data as unknown as Collection;
        // A stable id per API, so a re-import updates the collection instead of adding another one.
        collection.info._postman_id = `portal-${slug}`;
        const variables = (collection.variable ?? []).filter((variable) => variable.key !== 'apiKey');
        variables.push({
          key: 'apiKey',
          value: '',
          type: 'string',
          description: 'Your API key, sent in the x-api-key header. The sandbox environment sets a sandbox_ key.',
        });
        collection.variable = variables;
        // The converter lets every request inherit the collection's key; an open operation sends none.
        const open = new Set(
          operations(slug, doc)
            .filter(isOpen)
            .map((operation) => `${operation.method} ${operation.path}`),
        );
        const visit = (items: Item[]): void => {
          for (const item of items) {
            if (item.item) visit(item.item);
            if (!item.request) continue;
            const template = (item.request.url.path ?? []).map((part) =>
              part.startsWith(':') ? `{${part.slice(1)}}` : part,
            );
            if (open.has(`${item.request.method} /${template.join('/')}`)) item.request.auth = {type: 'noauth'};
          }
        };
        visit(collection.item);
        resolve(collection);
      },
    );
  });
}

/** The Postman environment of the sandbox: `baseUrl` and a `sandbox_` key. */
export function sandboxEnvironment(): object {
  return {
    id: 'portal-sandbox',
    name: 'Sandbox (http://127.0.0.1:4010)',
    values: Object.entries(sandboxEnvironmentValues).map(([key, value]) => ({
      key,
      value,
      type: 'default',
      enabled: true,
    })),
    _postman_variable_scope: 'environment',
  };
}
