import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import ApiCatalogue from '@site/src/components/ApiCatalogue';
import {apis} from '@site/config/apis';
import {firstCall, steps, useCases} from '@site/config/home';
import styles from './index.module.css';

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout
      title="Travel APIs for partners"
      description="Guides, API reference and examples for thirteen travel APIs: flights, car hire, hotels and reference data.">
      <header className={styles.hero}>
        <div className="container">
          <p className={styles.eyebrow}>{apis.length} REST APIs · JSON over HTTPS</p>
          <Heading as="h1" className={styles.title}>
            {siteConfig.title}
          </Heading>
          <p className={styles.tagline}>
            {siteConfig.tagline}. Guides, references generated from the OpenAPI specifications, and examples you can
            run.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/docs/intro">
              Get started
            </Link>
            <Link className={`button button--outline button--lg ${styles.secondary}`} to="#apis">
              Browse the APIs
            </Link>
          </div>
        </div>
      </header>
      <main>
        <section className={styles.section} aria-labelledby="build">
          <div className="container">
            <Heading as="h2" id="build">
              What you can build
            </Heading>
            <ul className={styles.useCases}>
              {useCases.map((useCase) => (
                <li key={useCase.title}>
                  <Heading as="h3" className={styles.useCaseTitle}>
                    {useCase.title}
                  </Heading>
                  <p>{useCase.text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <section className={`${styles.section} ${styles.alt}`} aria-labelledby="apis">
          <div className="container">
            <Heading as="h2" id="apis">
              The APIs
            </Heading>
            <p className={styles.lead}>
              Every API shares the same conventions: an API key in a header, JSON bodies, prices as exact integers with
              a unit (see <Link to="/docs/getting-started/requests-and-responses#price-units">price units</Link>), and
              the same error body.
            </p>
            <ApiCatalogue />
          </div>
        </section>
        <section className={styles.section} aria-labelledby="start">
          <div className="container">
            <Heading as="h2" id="start">
              Get started in three steps
            </Heading>
            <div className={styles.startGrid}>
              <ol className={styles.steps}>
                {steps.map((step) => (
                  <li key={step.title}>
                    <Heading as="h3" className={styles.stepTitle}>
                      {step.title}
                    </Heading>
                    <p>
                      {step.text} <Link to={step.to}>{step.link}</Link>
                    </p>
                  </li>
                ))}
              </ol>
              <div className={styles.code}>
                <CodeBlock language="bash" title="Your first call">
                  {firstCall}
                </CodeBlock>
              </div>
            </div>
            <div className={styles.cta}>
              <Link className="button button--primary button--lg" to="/docs/category/getting-started">
                Read the getting-started guides
              </Link>
            </div>
          </div>
        </section>
      </main>
    </Layout>
  );
}
