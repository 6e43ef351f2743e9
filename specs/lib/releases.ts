/**
 * The releases of the specifications (Node only): `specs/releases/<YYYY-MM-DD>/` holds a snapshot of
 * every bundle as published that day (`<slug>.json`) and `release.json` (its date, title and where the
 * snapshot came from). The snapshots are committed, so the change log (website/src/plugins/changelog)
 * lists the differences between releases on any clone, shallow or not. `npm run specs:release` adds one
 * (lib/release.ts); the folder and file names are written here and nowhere else.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {OpenApiDocument} from './openapi';
import {specsDir} from './bundles';

/** The folder of the release snapshots. */
export const releasesDir = path.join(specsDir, 'releases');

/** What `release.json` says about a release. */
export interface Release {
  /** The day of the release, `YYYY-MM-DD`; also the folder's name. */
  date: string;
  /** One line for readers: what the release brought. */
  title: string;
  /** Where the snapshot came from (a commit, the bundles of the day). */
  source: string;
}

const releaseDate = /^\d{4}-\d{2}-\d{2}$/;

/** The snapshot of one API in one release: `specs/releases/<date>/<slug>.json`. */
export const releasePath = (date: string, slug: string): string => path.join(releasesDir, date, `${slug}.json`);

/** Every release, oldest first. Fails on a folder that is not a well-formed release. */
export function listReleases(): Release[] {
  if (!fs.existsSync(releasesDir)) return [];
  return fs
    .readdirSync(releasesDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .map((entry) => {
      if (!releaseDate.test(entry.name)) {
        throw new Error(`specs/releases/${entry.name}: a release folder is named by its date, YYYY-MM-DD`);
      }
      const file = path.join(releasesDir, entry.name, 'release.json');
      const release = JSON.parse(fs.readFileSync(file, 'utf8')) as Release;
      if (release.date !== entry.name || !release.title || !release.source) {
        throw new Error(`${file}: needs "date": "${entry.name}", a "title" and a "source"`);
      }
      return release;
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The snapshots of one release, by slug (every `<slug>.json` of its folder). */
export function loadRelease(date: string): Map<string, OpenApiDocument> {
  const folder = path.join(releasesDir, date);
  return new Map(
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.json') && name !== 'release.json')
      .sort()
      .map((name) => [
        name.slice(0, -'.json'.length),
        JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as OpenApiDocument,
      ]),
  );
}

/** Code samples are generated from the rest of a bundle at bundle time, so a snapshot leaves them out. */
const withoutGenerated = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutGenerated)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => key !== 'x-codeSamples')
            .map(([key, entry]) => [key, withoutGenerated(entry)]),
        )
      : value;

/** Writes a release: one snapshot per bundle and its `release.json`. Refuses to overwrite a release. */
export function writeRelease(release: Release, bundles: Map<string, OpenApiDocument>): string {
  if (!releaseDate.test(release.date))
    throw new Error(`A release is named by its date, YYYY-MM-DD, not ${release.date}`);
  const folder = path.join(releasesDir, release.date);
  if (fs.existsSync(folder)) throw new Error(`specs/releases/${release.date} exists already`);
  fs.mkdirSync(folder, {recursive: true});
  for (const [slug, doc] of bundles) {
    fs.writeFileSync(releasePath(release.date, slug), `${JSON.stringify(withoutGenerated(doc), null, 2)}\n`);
  }
  fs.writeFileSync(path.join(folder, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
  return folder;
}
