/** True in the mock build (`--mode mock`): the msw worker serves the API in the browser. */
declare const __MOCK_MODE__: boolean
