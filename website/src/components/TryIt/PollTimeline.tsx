/**
 * The calls of a "Poll until complete" session (rows of pollSession.ts), one table row per call: its
 * name, HTTP status, the answer's `status` and `action`, its time, what the results held became after it
 * (when the API has a readable view: replaced, or kept, as the action says), and a button that shows the
 * call's request and answer (AnswerView.tsx). Nothing before the first call.
 */
import type {ReactNode} from 'react';
import type {PollRow} from './pollSession';
import styles from './styles.module.css';

export interface PollTimelineProps {
  rows: PollRow[];
  /** What the results held were after each call (`replaced: 25 hotels`), by row; none without a view. */
  held?: (string | undefined)[];
  /** The row whose call is shown, and how to show another. */
  shown?: number;
  onShow?: (index: number) => void;
}

export default function PollTimeline({rows, held, shown, onShow}: PollTimelineProps): ReactNode {
  if (rows.length === 0) return null;
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Polls">
      <table className={styles.polls} data-testid="tryit-polls">
        <caption>Each call of the session</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">HTTP</th>
            <th scope="col">status</th>
            <th scope="col">action</th>
            <th scope="col">Time</th>
            {held && <th scope="col">Results held</th>}
            {onShow && (
              <th scope="col">
                <span className={styles.visuallyHidden}>Request and answer</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.call} aria-current={shown === index ? 'true' : undefined}>
              <td>{row.call}</td>
              <td>{row.http}</td>
              <td>{row.status}</td>
              <td>{row.action}</td>
              <td>{row.ms} ms</td>
              {held && <td>{held[index] ?? ''}</td>}
              {onShow && (
                <td>
                  <button
                    type="button"
                    className="button button--sm button--link"
                    aria-pressed={shown === index}
                    aria-label={`Show the request and answer of ${row.call}`}
                    onClick={() => onShow(index)}>
                    Show
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
