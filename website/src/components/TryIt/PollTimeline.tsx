/**
 * The calls of a "Poll until complete" session (rows of pollSession.ts), one table row per call: its
 * name, HTTP status, the answer's `status` and `action`, and its time. Nothing before the first call.
 */
import type {ReactNode} from 'react';
import type {PollRow} from './pollSession';
import styles from './styles.module.css';

export default function PollTimeline({rows}: {rows: PollRow[]}): ReactNode {
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
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.call}>
              <td>{row.call}</td>
              <td>{row.http}</td>
              <td>{row.status}</td>
              <td>{row.action}</td>
              <td>{row.ms} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
