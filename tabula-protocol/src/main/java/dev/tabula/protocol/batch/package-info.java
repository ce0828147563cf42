/**
 * Entity group transactions: the {@code $batch} multipart codec and operation.
 *
 * <p>Request forms accepted, each captured from its client: the Java SDK 12.5 (absolute URL, {@code
 * MERGE} for merges, no Content-ID, {@code x-ms-version} stripped; older 12.x sent a path), the
 * .NET SDK (absolute URL with {@code ?$format=…}, {@code Host} and {@code x-ms-version} inside each
 * operation; azure-sdk-for-net recordings {@code BatchInsertAndMergeAndDelete}, {@code
 * BatchError}), the Python SDK ({@code Content-ID: n} as a MIME part header, {@code PATCH} for
 * merges; azure-sdk-for-python recording {@code test_batch_all_operations_together}), the
 * JavaScript SDK (lower-case part headers, {@code multipart/mixed;charset="utf-8";boundary=…}, an
 * extra empty line before each body, a final {@code --batch_x} without {@code --}), Go and the
 * older azure-storage clients ({@code Content-ID} among the operation's headers, bare LF lines).
 *
 * <p>Batch-level failures versus operation failures, with the evidence:
 *
 * <ul>
 *   <li>operation failures are a 202 whose change set response holds only the failing part, its
 *       message prefixed with the 0-based index (but for the entity's own failures alone in their
 *       change set, see {@code PartResponses.indexed}): {@code 3:The specified entity already
 *       exists.} (.NET recording {@code BatchError}, 2021), {@code 0:The table specified does not
 *       exist.} (JavaScript recording {@code should_handle_sub_request_error}, 2020), {@code 0:The
 *       batch request operation exceeds the maximum 100 changes per change set.} for 101 operations
 *       (a 2021 service capture in Azurite's {@code table-batch-api-error-handling.md}; the
 *       CloudStub test double, checked against the service, accepts 0 or 99), {@code 1:All commands
 *       in a batch must operate on same entity group.} and {@code 1:The batch request contains
 *       multiple changes with same row key. An entity can appear only once in a batch request.}
 *       (CloudStub's service-checked tests; azure-storage-php's batch tests);
 *   <li>batch-level failures are plain error responses: authentication, version, a body over 4 MiB
 *       (413 RequestBodyTooLarge; the service's code here is unconfirmed) and a body that is not a
 *       readable batch (400 InvalidInput): MS-ODATA 2.2.7.6.6 answers an unreadable batch with a
 *       4xx, and the service documents that a failing batch "fails before any operation in the
 *       change set is executed".
 * </ul>
 */
package dev.tabula.protocol.batch;
