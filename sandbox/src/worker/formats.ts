/**
 * The formats the Worker's precompiled validators check (`build.ts`: Ajv standalone code requires them by
 * name from here): ajv-formats' and OpenAPI's number formats, as `createAjv()` of `@portal/specs` adds them.
 */
import {fullFormats} from 'ajv-formats/dist/formats';
import {specFormats} from '@portal/specs';

export const formats = {...fullFormats, ...specFormats};
