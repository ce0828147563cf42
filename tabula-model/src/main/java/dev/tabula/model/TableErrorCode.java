package dev.tabula.model;

/**
 * The service's error codes with their HTTP status and default message. Messages copy the service's
 * text where it is known, because some SDKs (Python) map errors by exact text.
 */
public enum TableErrorCode {
  // Table service codes (learn.microsoft.com "Table service error codes").
  DUPLICATE_PROPERTIES_SPECIFIED(
      400, "DuplicatePropertiesSpecified", "A property is specified more than one time."),
  ENTITY_ALREADY_EXISTS(409, "EntityAlreadyExists", "The specified entity already exists."),
  ENTITY_TOO_LARGE(
      400, "EntityTooLarge", "The entity is larger than the maximum allowed size (1MB)."),
  INVALID_DUPLICATE_ROW(
      400,
      "InvalidDuplicateRow",
      "The batch request contains multiple changes with same row key. An entity can appear only once"
          + " in a batch request."),
  INVALID_INPUT(400, "InvalidInput", "One of the request inputs is not valid."),
  INVALID_VALUE_TYPE(400, "InvalidValueType", "The value specified is invalid."),
  JSON_FORMAT_NOT_SUPPORTED(415, "JsonFormatNotSupported", "JSON format is not supported."),
  ATOM_FORMAT_NOT_SUPPORTED(415, "AtomFormatNotSupported", "Atom format is not supported."),
  METHOD_NOT_ALLOWED(
      405, "MethodNotAllowed", "The requested method is not allowed on the specified resource."),
  NOT_IMPLEMENTED(
      501,
      "NotImplemented",
      "The requested operation is not implemented on the specified resource."),
  OUT_OF_RANGE_INPUT(400, "OutOfRangeInput", "One of the request inputs is out of range."),
  PROPERTIES_NEED_VALUE(
      400, "PropertiesNeedValue", "The values are not specified for all properties in the entity."),
  PROPERTY_NAME_INVALID(400, "PropertyNameInvalid", "The property name is invalid."),
  PROPERTY_NAME_TOO_LONG(
      400, "PropertyNameTooLong", "The property name exceeds the maximum allowed length (255)."),
  PROPERTY_VALUE_TOO_LARGE(
      400,
      "PropertyValueTooLarge",
      "The property value exceeds the maximum allowed size (64KB). If the property value is a"
          + " string, it is UTF-16 encoded and the maximum number of characters should be 32K or"
          + " less."),
  TABLE_ALREADY_EXISTS(409, "TableAlreadyExists", "The table specified already exists."),
  TABLE_BEING_DELETED(409, "TableBeingDeleted", "The specified table is being deleted."),
  TABLE_NOT_FOUND(404, "TableNotFound", "The table specified does not exist."),
  // Tabula's change feed (docs/extensions.md): the reader's position is older than the retention.
  CHANGE_FEED_POSITION_EXPIRED(
      410,
      "ChangeFeedPositionExpired",
      "Changes after this position have outlived the table's change-feed retention."),
  TOO_MANY_PROPERTIES(
      400,
      "TooManyProperties",
      "The entity contains more properties than allowed. Each entity can include up to 252"
          + " properties to store data. Each entity also has 3 system properties."),
  UPDATE_CONDITION_NOT_SATISFIED(
      412,
      "UpdateConditionNotSatisfied",
      "The update condition specified in the request was not satisfied."),
  X_METHOD_INCORRECT_COUNT(
      400, "XMethodIncorrectCount", "More than one X-HTTP-Method is specified."),
  X_METHOD_INCORRECT_VALUE(400, "XMethodIncorrectValue", "The specified X-HTTP-Method is invalid."),
  X_METHOD_NOT_USING_POST(
      400,
      "XMethodNotUsingPost",
      "The request uses X-HTTP-Method with an HTTP verb other than POST."),
  COMMANDS_IN_BATCH_ACT_ON_DIFFERENT_PARTITIONS(
      400,
      "CommandsInBatchActOnDifferentPartitions",
      "All commands in a batch must operate on same entity group."),
  // The service answers a missing entity with ResourceNotFound, not the documented EntityNotFound.
  RESOURCE_NOT_FOUND(404, "ResourceNotFound", "The specified resource does not exist."),
  // Common storage codes.
  AUTHENTICATION_FAILED(
      403,
      "AuthenticationFailed",
      "Server failed to authenticate the request. Make sure the value of the Authorization header"
          + " is formed correctly including the signature."),
  INVALID_AUTHENTICATION_INFO(
      400,
      "InvalidAuthenticationInfo",
      "Authentication information is not given in the correct format. Check the value of"
          + " Authorization header."),
  NO_AUTHENTICATION_INFORMATION(
      401,
      "NoAuthenticationInformation",
      "Server failed to authenticate the request. Please refer to the information in the"
          + " www-authenticate header."),
  // Shared access signature refusals ("SAS error codes", learn.microsoft.com, 2015-04-05 on).
  AUTHORIZATION_FAILURE(
      403, "AuthorizationFailure", "This request is not authorized to perform this operation."),
  AUTHORIZATION_PERMISSION_MISMATCH(
      403,
      "AuthorizationPermissionMismatch",
      "This request is not authorized to perform this operation using this permission."),
  AUTHORIZATION_PROTOCOL_MISMATCH(
      403,
      "AuthorizationProtocolMismatch",
      "This request is not authorized to perform this operation using this protocol."),
  AUTHORIZATION_RESOURCE_TYPE_MISMATCH(
      403,
      "AuthorizationResourceTypeMismatch",
      "This request is not authorized to perform this operation using this resource type."),
  AUTHORIZATION_SERVICE_MISMATCH(
      403,
      "AuthorizationServiceMismatch",
      "This request is not authorized to perform this operation using this service."),
  // The service's text ends with the source IP; callers add it with exception(String).
  AUTHORIZATION_SOURCE_IP_MISMATCH(
      403,
      "AuthorizationSourceIPMismatch",
      "This request is not authorized to perform this operation using this source IP."),
  // CORS preflight refusal (Azurite src/table/errors/StorageErrorFactory.ts copies the service).
  CORS_PREFLIGHT_FAILURE(
      403, "CorsPreflightFailure", "CORS not enabled or no matching rule found for this request."),
  // A write through the read-only secondary endpoint is refused with "Write operations are not
  // allowed." (learn.microsoft.com "Common REST API error codes" lists three texts for the code).
  INSUFFICIENT_ACCOUNT_PERMISSIONS(
      403,
      "InsufficientAccountPermissions",
      "The account being accessed does not have sufficient permissions to execute this operation."),
  INVALID_XML_DOCUMENT(400, "InvalidXmlDocument", "XML specified is not syntactically valid."),
  INVALID_XML_NODE_VALUE(
      400,
      "InvalidXmlNodeValue",
      "The value for one of the XML nodes is not in the correct format."),
  INVALID_HEADER_VALUE(
      400,
      "InvalidHeaderValue",
      "The value for one of the HTTP headers is not in the correct format."),
  INVALID_QUERY_PARAMETER_VALUE(
      400,
      "InvalidQueryParameterValue",
      "Value for one of the query parameters specified in the request URI is invalid."),
  /**
   * A query option the resource does not take; the storage services' common code. Tabula's count
   * extension answers it to {@code $top} and {@code $select} with {@code $count}.
   */
  UNSUPPORTED_QUERY_PARAMETER(
      400,
      "UnsupportedQueryParameter",
      "One of the query parameters specified in the request URI is not supported."),
  INVALID_RESOURCE_NAME(
      400, "InvalidResourceName", "The specifed resource name contains invalid characters."),
  INVALID_URI(
      400, "InvalidUri", "The requested URI does not represent any resource on the server."),
  MISSING_REQUIRED_HEADER(
      400,
      "MissingRequiredHeader",
      "An HTTP header that's mandatory for this request is not specified."),
  MISSING_CONTENT_LENGTH_HEADER(
      411, "MissingContentLengthHeader", "The Content-Length header was not specified."),
  REQUEST_BODY_TOO_LARGE(
      413,
      "RequestBodyTooLarge",
      "The request body is too large and exceeds the maximum permissible limit."),
  UNSUPPORTED_HTTP_VERB(
      405, "UnsupportedHttpVerb", "The resource doesn't support the specified HTTP verb."),
  MEDIA_TYPE_NOT_SUPPORTED(
      415, "MediaTypeNotSupported", "None of the provided media types are supported"),
  SERVER_BUSY(
      503,
      "ServerBusy",
      "The server is currently unable to receive requests. Please retry your request."),
  OPERATION_TIMED_OUT(
      500, "OperationTimedOut", "The operation could not be completed within the permitted time."),
  INTERNAL_ERROR(
      500, "InternalError", "The server encountered an internal error. Please retry the request.");

  private final int status;
  private final String code;
  private final String message;

  TableErrorCode(int status, String code, String message) {
    this.status = status;
    this.code = code;
    this.message = message;
  }

  /** The HTTP status. */
  public int status() {
    return status;
  }

  /** The code as sent in {@code x-ms-error-code} and the error body. */
  public String code() {
    return code;
  }

  /** The service's default message for this code. */
  public String defaultMessage() {
    return message;
  }

  /** A new exception carrying this code and its default message. */
  public TableException exception() {
    return new TableException(this, message);
  }

  /** A new exception carrying this code and a specific message. */
  public TableException exception(String specificMessage) {
    return new TableException(this, specificMessage);
  }
}
