/**
 * Webpack/Rspack loader that applies replacements to a dependency's file (see index.ts for the list and
 * the reasons): a literal text (`find`), or every match of a regular expression (`pattern`, its source).
 * A replacement whose text is no longer in the file fails the build with the file and the text, so a
 * dependency upgrade that moves the code cannot silently undo a patch.
 */
module.exports = function patchLoader(source) {
  const {writtenFor, replacements} = this.getOptions();
  let patched = source;
  for (const {find, pattern, replace} of replacements) {
    if (pattern !== undefined) {
      const expression = new RegExp(pattern, 'g');
      if (!expression.test(patched)) {
        throw new Error(
          `dependency patch (written for ${writtenFor}): /${pattern}/ matches nothing in ${this.resourcePath}; update website/src/plugins/dependencyPatches`,
        );
      }
      patched = patched.replace(expression, replace);
      continue;
    }
    if (!patched.includes(find)) {
      throw new Error(
        `dependency patch (written for ${writtenFor}): "${find}" is not in ${this.resourcePath}; update website/src/plugins/dependencyPatches`,
      );
    }
    patched = patched.split(find).join(replace);
  }
  return patched;
};
