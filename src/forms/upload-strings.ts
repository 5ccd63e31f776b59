// Our own strings of the bulk disk and image uploads (issue 9), beside the forms that show them rather
// than in src/strings.ts: that module is in every first load, these only where an upload is offered.
export const UPLOAD_T = {
  checkingFile: (percent: number) => `Checking file: ${percent}%`,
  fileChecked: 'File checked',
  fileCheckFailed: (message: string) => `The file could not be read: ${message}`,
  pausedServer: 'Paused: the server is busy, retrying',
  finishedTitle: 'The disk finished importing',
  finishedBody: (name: string) =>
    `The disk ${name} finished importing before the upload could be cancelled. Delete it anyway, or keep it and dismiss the upload.`,
  deleteDisk: 'Delete disk',
  deleteFinishedTitle: 'Delete disk',
  deleteFinishedContent: 'finished importing. Deleting it destroys the uploaded data. Delete it anyway?',
  deleteFinishedError: 'Could not delete disk',
  dismiss: 'Dismiss',
  dismissDescription: 'Keep the disk as it is and close this upload',
} as const
