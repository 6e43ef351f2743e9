import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {apiFamilies, apis, guideCategoryPath, referencePath} from '@site/config/apis';
import styles from './styles.module.css';

/** The thirteen APIs grouped by product family, each linking to its guides and its reference. */
export default function ApiCatalogue(): ReactNode {
  return (
    <div className={styles.families}>
      {apiFamilies.map((family) => (
        <section key={family.id} className={styles.family} aria-labelledby={`family-${family.id}`}>
          <div className={styles.familyHeader}>
            <Heading as="h3" id={`family-${family.id}`} className={styles.familyTitle}>
              {family.title}
            </Heading>
            <p className={styles.familySummary}>{family.summary}</p>
          </div>
          <ul className={styles.cards}>
            {apis
              .filter((api) => api.family === family.id)
              .map((api) => (
                <li key={api.slug} className={styles.card} id={`api-${api.slug}`}>
                  <Heading as="h4" className={styles.cardTitle}>
                    {api.title}
                  </Heading>
                  <p className={styles.cardSummary}>{api.summary}</p>
                  <p className={styles.cardLinks}>
                    <Link to={guideCategoryPath(api)}>Guides</Link>
                    <Link to={referencePath(api)}>API reference</Link>
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
