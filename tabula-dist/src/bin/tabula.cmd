@echo off
rem Runs Tabula from an unpacked distribution: bin\tabula serve [options], bin\tabula --version.
rem Java 17 or later: %JAVA_HOME%\bin\java.exe when JAVA_HOME is set, else the java on the PATH.
rem JAVA_OPTS, if set, goes to the JVM before the jar (e.g. set JAVA_OPTS=-Xmx2g).
setlocal
set "TABULA_HOME=%~dp0.."

if defined JAVA_HOME (
  set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
) else (
  set "JAVA_EXE=java.exe"
)
if defined JAVA_HOME if not exist "%JAVA_EXE%" (
  echo tabula: JAVA_HOME is %JAVA_HOME%, but it has no bin\java.exe; set JAVA_HOME to a Java 17+ installation 1>&2
  exit /b 2
)
if not defined JAVA_HOME (
  where java.exe >nul 2>nul || (
    echo tabula: no java on the PATH; install Java 17 or later, or set JAVA_HOME 1>&2
    exit /b 2
  )
)

rem The data commands are short-lived clients: the C1 compiler alone suits them
rem (docs/performance.md); serve keeps the JVM's defaults. JAVA_OPTS comes last and wins.
set "FIRST=%~1"
set "TOOL_OPTS="
if defined FIRST if /i not "%FIRST%"=="serve" if not "%FIRST:~0,1%"=="-" set "TOOL_OPTS=-XX:TieredStopAtLevel=1"

"%JAVA_EXE%" %TOOL_OPTS% %JAVA_OPTS% -jar "%TABULA_HOME%\lib\tabula.jar" %*
exit /b %ERRORLEVEL%
