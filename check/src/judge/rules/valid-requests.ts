/**
 * `valid-requests`: every request to an operation is valid against its schema and its x-validation rules,
 * as the sandbox's own validation step reads it (../requestCheck.ts gives each call's violations).
 */
import {allOf, callName, defineRule, failed, guideSection, listed, notExercised, passed, plural} from './judgement';

export default defineRule({
  id: 'valid-requests',
  sentence:
    'Every request to an operation is valid against its schema and the x-validation rules of its specification.',
  tolerance:
    'Bodies are read as the service reads them (protobuf JSON: snake_case names and integers in strings pass); fields the specs do not declare are not refused.',
  guide: guideSection('Errors: 400 Bad Request', 'errors', '400'),
  judge(run) {
    const calling = run.calls.filter((call) => call.checked.operationId);
    if (!calling.length) return notExercised('no call of the run called an operation of the APIs');
    const invalid = calling.filter((call) => call.checked.violations.length);
    if (invalid.length) {
      const described = invalid.map(
        (call) =>
          `${callName(call)}: ${call.checked.violations
            .slice(0, 2)
            .map(
              (violation) =>
                `${violation.field ? `${violation.field} ` : ''}${violation.description} (${violation.reason})`,
            )
            .join(', ')}`,
      );
      return failed(
        `${plural(invalid.length, 'call')} of ${calling.length} to operations were not valid: ${listed(described)}`,
        invalid,
      );
    }
    return passed(
      calling.length === 1
        ? `${allOf(1, 'call')} to an operation was valid against its schema and rules`
        : `${allOf(calling.length, 'call')} to operations were valid against their schemas and rules`,
      calling,
    );
  },
});
