/**
 * `@portal/check`: what the integration check shares with the site's in-browser HAR check
 * (website/src/components/HarCheck): the model, the scenarios, the rules, judging recordings, reading
 * and writing HAR, and the reports. Browser-safe; the proxy, the runner and the command (record/proxy.ts,
 * cli/runProgram.ts, cli/check.ts) are Node's and are not exported here.
 */
export * from './model';
export {rules, scenarioSummaries, type RuleId} from './contract';
export {SCRIPTED_RETRY_AFTER_SECONDS} from './scenarios/script';
export {judgeCheck, type JudgeOptions} from './judge/judge';
export {toHar, MAX_HAR_BYTES} from './har/har';
export {readHar} from './har/read';
export {judgeHar, judgeHarText, type HarJudgeOptions} from './judge/judgeHar';
export {reportHtml, timelineHtml} from './report/html';
export {reportMarkdown} from './report/markdown';
export {junitXml} from './report/junit';
