/**
 * The database was written by a newer Swarmdesk than this one. We refuse to
 * open it (and leave the file untouched) rather than risk damaging it.
 */
export class DatabaseTooNewError extends Error {
  constructor(
    readonly file: string,
    readonly fileVersion: number,
    readonly appVersion: number,
  ) {
    super(
      `Your session database at ${file} was written by a newer version of Swarmdesk ` +
        `(schema ${fileVersion}; this version understands up to ${appVersion}). ` +
        `Swarmdesk did not open or change it. Install the newer Swarmdesk, or point ` +
        `SWARMDESK_DATA_DIR at another folder.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}
