// Test hooks outside the API (under /__mock): re-seed the database, and read back the bytes a bulk
// import wrote. The Node server serves them only in mock mode, never when proxying to a real API.
import { type HttpHandler, HttpResponse, http } from 'msw'
import { resetDb } from '../db'
import { diskHashHandler } from './storage'

export const testHookHandlers: HttpHandler[] = [
  http.post('*/__mock/reset', () => {
    resetDb()
    return new HttpResponse(null, { status: 204 })
  }),
  diskHashHandler,
]
