/** The server's sentence for a refused call, else the spec's failure message of the call. */

export const FETCH_FAILED = 'An error occurred while fetching the data.';
export const UPDATE_FAILED = 'An error occurred while updating data.';
export const PUSH_FAILED = 'An error occurred while pushing data.';
export const DELETE_FAILED = 'An error occurred while deleting data.';
